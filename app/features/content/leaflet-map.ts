// Loaded on demand by ContactMap: Leaflet and its stylesheet stay out of every other page.
import L from "leaflet";
import "leaflet/dist/leaflet.css";

export interface MountOptions {
  latitude: number;
  longitude: number;
  zoom: number;
  tilesUrl: string;
  label: string;
  onReady(): void;
  onFail(reason: string): void;
}

/** Gives up when no tile has loaded after this long (a tile server that never answers). */
const TILE_TIMEOUT_MS = 8000;

export function mountMap(el: HTMLElement, o: MountOptions): () => void {
  const map = L.map(el, { scrollWheelZoom: false, attributionControl: true }).setView(
    [o.latitude, o.longitude],
    o.zoom,
  );
  let loaded = false;
  let failed = false;
  const attribution = /openstreetmap/i.test(o.tilesUrl)
    ? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
    : "";
  const fail = (reason: string) => {
    if (loaded || failed) return;
    failed = true;
    o.onFail(reason);
  };
  const tiles = L.tileLayer(o.tilesUrl, { maxZoom: 19, attribution });
  tiles.on("tileload", () => {
    if (loaded || failed) return;
    loaded = true;
    o.onReady();
  });
  tiles.on("tileerror", () => fail("tiles"));
  tiles.addTo(map);
  // A vector marker: no marker images to resolve.
  L.circleMarker([o.latitude, o.longitude], {
    radius: 10,
    color: "#ffffff",
    weight: 3,
    fillColor: "#dc2626",
    fillOpacity: 1,
  })
    .addTo(map)
    .bindTooltip(o.label, { direction: "top", offset: [0, -8] });
  const timer = window.setTimeout(() => fail("timeout"), TILE_TIMEOUT_MS);
  return () => {
    window.clearTimeout(timer);
    map.remove();
  };
}
