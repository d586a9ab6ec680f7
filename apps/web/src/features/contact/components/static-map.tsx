/**
 * The "Find Us" map drawn in the bundle: the Hooghly through Kolkata and a marker, so the page
 * loads nothing from another host and works offline. A tile server is opt-in (VITE_MAP_TILE_URL).
 */
export function StaticMap() {
  return (
    <figure className="relative h-full w-full">
      <svg viewBox="0 0 640 320" preserveAspectRatio="xMidYMid slice" role="img" aria-labelledby="static-map-title" className="h-full w-full">
        <title id="static-map-title">Map: CodeRoom in Kolkata, West Bengal, India, on the east bank of the Hooghly river</title>
        <rect width="640" height="320" className="fill-slate-100 dark:fill-slate-800" />
        <g className="stroke-slate-300 dark:stroke-slate-700" strokeWidth="6" fill="none" strokeLinecap="round">
          <path d="M0 230 L640 170" />
          <path d="M120 0 L260 320" />
          <path d="M360 0 L420 320" />
          <path d="M0 80 L640 110" />
        </g>
        <path
          d="M250 -10 C 230 60, 300 110, 280 170 S 220 260, 250 330"
          fill="none"
          strokeWidth="22"
          strokeLinecap="round"
          className="stroke-sky-200 dark:stroke-sky-900"
        />
        <g transform="translate(340 150)">
          <path d="M0 0 C -14 -18 -18 -26 -18 -34 A 18 18 0 1 1 18 -34 C 18 -26 14 -18 0 0 Z" className="fill-indigo-600 dark:fill-indigo-400" />
          <circle cx="0" cy="-34" r="6" className="fill-white dark:fill-slate-900" />
        </g>
      </svg>
      <figcaption className="absolute bottom-3 left-3 rounded-lg bg-white/90 px-3 py-1.5 text-sm font-medium text-slate-800 shadow dark:bg-slate-900/90 dark:text-slate-100">
        CodeRoom, Kolkata, West Bengal, India
      </figcaption>
    </figure>
  );
}
