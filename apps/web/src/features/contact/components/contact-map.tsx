import L from "leaflet";
import { MapContainer, Marker, Popup, TileLayer } from "react-leaflet";
import markerIcon from "leaflet/dist/images/marker-icon.png";
import markerIcon2x from "leaflet/dist/images/marker-icon-2x.png";
import markerShadow from "leaflet/dist/images/marker-shadow.png";
import "leaflet/dist/leaflet.css";

// Spec §9: the map's centre and zoom.
const center: [number, number] = [22.5726, 88.3639];

// Bundled marker images: Leaflet would otherwise guess their URL from its CSS path.
const markerIconDefault = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  shadowUrl: markerShadow,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

/** "Find Us" map over the operator's tile server (loaded lazily: Leaflet stays out of every other page). */
export default function ContactMap({ tileUrl }: { tileUrl: string }) {
  return (
    <MapContainer center={center} zoom={10} scrollWheelZoom className="h-full w-full">
      <TileLayer attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors' url={tileUrl} />
      <Marker position={center} icon={markerIconDefault}>
        <Popup>CodeRoom, Kolkata</Popup>
      </Marker>
    </MapContainer>
  );
}
