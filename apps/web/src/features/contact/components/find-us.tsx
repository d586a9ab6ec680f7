import { Component, lazy, Suspense, type ReactNode } from "react";
import { MapPin } from "lucide-react";
import { Card } from "../../../components/ui/card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { StaticMap } from "./static-map.tsx";

const ContactMap = lazy(() => import("./contact-map.tsx"));
// A tile server the operator chose at build time (none by default: the product works offline).
const tileUrl = import.meta.env.VITE_MAP_TILE_URL as string | undefined;

/** Shown if the map code itself cannot load; missing tiles just leave the map's grey background. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <MapFallback /> : this.props.children;
  }
}

function MapFallback({ loading }: { loading?: boolean }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-2 text-sm text-slate-500 dark:text-slate-400">
      {loading ? <Spinner className="size-6" label="Loading map" /> : <MapPin className="size-6" aria-hidden />}
      <span>Kolkata, West Bengal, India</span>
    </div>
  );
}

/** The "Find Us" card: the bundled map, or a Leaflet map (loaded lazily) when a tile server is set. */
export function FindUs() {
  return (
    <Card className="overflow-hidden">
      <h2 className="px-6 pt-5 pb-4 text-lg font-semibold text-slate-900 dark:text-white">Find Us</h2>
      <div className="isolate h-80 bg-slate-100 dark:bg-slate-800 [&_.leaflet-container]:bg-slate-100 dark:[&_.leaflet-container]:bg-slate-800">
        {tileUrl ? (
          <MapBoundary>
            <Suspense fallback={<MapFallback loading />}>
              <ContactMap tileUrl={tileUrl} />
            </Suspense>
          </MapBoundary>
        ) : (
          <StaticMap />
        )}
      </div>
    </Card>
  );
}
