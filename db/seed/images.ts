// Renders the seed's SVG drawings to WebP files with sharp.
// Rendering dominates seed time, so equal SVGs are rendered once per seed run and the encoded
// bytes are reused (variant products and the three stores share most pictures).
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import sharp from "sharp";

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

/** Writes files under one store's image folder (`${dataDir}/images/${imgFolder}`). */
export class ImageWriter {
  private dirs = new Set<string>();
  readonly stats: ImageStats = { files: 0, renders: 0 };

  constructor(
    readonly root: string,
    private readonly renderer: ImageRenderer = new ImageRenderer(),
  ) {}

  /** `url` is the public URL, e.g. "/images/products/x-1.webp"; files live under root. */
  fileFor(url: string): string {
    return join(this.root, url.replace(/^\/images\//, ""));
  }

  private async write(url: string, bytes: Buffer | string): Promise<void> {
    const file = this.fileFor(url);
    const dir = dirname(file);
    if (!this.dirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.dirs.add(dir);
    }
    // A kill mid-write must never leave a truncated picture under the final name: a restarted
    // seed could not tell it from a good one. The temporary name is in the same folder, so the
    // rename is atomic.
    const partial = `${file}.${process.pid}.partial`;
    try {
      await writeFile(partial, bytes);
      await rename(partial, file);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
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
