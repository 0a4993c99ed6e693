// Renders the seed's SVG drawings to WebP files with sharp.
// Rendering dominates seed time, so equal SVGs are rendered once per seed run and the encoded
// bytes are reused (variant products and the three stores share most pictures).
import sharp from "sharp";
import { type PictureStore, pictureKeyOf, pictureType } from "../../services/pictures/store";

const WEBP = { quality: 70, effort: 2 } as const;

/** sharp works on libuv's thread pool; more jobs in flight than threads only costs memory. */
const MAX_IN_FLIGHT = 4;

/** Renders and caches WebP bytes; one instance per seed run, so nothing outlives the seed. */
export class ImageRenderer {
  private cache = new Map<string, Promise<Buffer>>();
  private inFlight = 0;
  private waiting: (() => void)[] = [];

  get size(): number {
    return this.cache.size;
  }

  private async withSlot<T>(job: () => Promise<T>): Promise<T> {
    if (this.inFlight >= MAX_IN_FLIGHT) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
    try {
      return await job();
    } finally {
      this.inFlight--;
      this.waiting.shift()?.();
    }
  }

  /** Encodes an SVG as WebP at its own size, or at `width` when its native width is given. */
  webp(svg: string, width?: number, nativeWidth?: number): Promise<Buffer> {
    const key = `${width ?? 0}|${svg}`;
    let out = this.cache.get(key);
    if (!out) {
      out = this.withSlot(() => {
        // Rendering the vector straight at the small size is far cheaper than downscaling a raster.
        const density = width && nativeWidth ? (72 * width) / nativeWidth : 72;
        return sharp(Buffer.from(svg), { density }).webp(WEBP).toBuffer();
      });
      this.cache.set(key, out);
    }
    return out;
  }
}

export interface ImageStats {
  files: number;
  renders: number;
}

/** Writes one store's pictures into its picture store (its folder, or the deployment's bucket). */
export class ImageWriter {
  readonly stats: ImageStats = { files: 0, renders: 0 };

  constructor(
    readonly pictures: PictureStore,
    private readonly renderer: ImageRenderer = new ImageRenderer(),
  ) {}

  /** `url` is the public URL, e.g. "/images/products/x-1.webp". */
  private async write(url: string, bytes: Buffer | string): Promise<void> {
    const key = pictureKeyOf(url);
    if (!key) throw new Error(`not a picture URL: ${url}`);
    // The folder backend writes under a temporary name and renames, so a kill mid-write never
    // leaves a truncated picture under the final name; a bucket's PutObject is whole or nothing.
    await this.pictures.put(key, Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes), pictureType(key));
    this.stats.files++;
  }

  async webp(url: string, svg: string, width?: number, nativeWidth?: number): Promise<void> {
    const before = this.renderer.size;
    const bytes = this.renderer.webp(svg, width, nativeWidth);
    if (this.renderer.size > before) this.stats.renders++;
    await this.write(url, await bytes);
  }

  async svg(url: string, svg: string): Promise<void> {
    await this.write(url, svg);
  }
}
