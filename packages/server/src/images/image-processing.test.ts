import { describe, expect, it } from 'vitest';
import { averageColor } from './image-processing.js';

function image(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]) {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 3);
  }
  return data;
}

/** The average colour of a square RGB image of a single colour. */
function averageOfSolid(size: number, pixel: [number, number, number]) {
  return averageColor(
    image(size, size, () => pixel),
    size,
    size,
    3,
  );
}

describe('averageColor (DOMAIN §10.3)', () => {
  it('gives the chromaticity of a solid colour, whatever its brightness', () => {
    expect(averageOfSolid(10, [200, 100, 50])).toEqual({ r: 145, g: 72, b: 36 });
    expect(averageOfSolid(10, [40, 20, 10])).toEqual({ r: 145, g: 72, b: 36 });
    expect(averageOfSolid(3, [90, 90, 90])).toEqual({ r: 85, g: 85, b: 85 });
  });

  it('is black for black', () => {
    expect(averageOfSolid(5, [0, 0, 0])).toEqual({ r: 0, g: 0, b: 0 });
  });

  it('blends as it goes, so that later samples (row by row) weigh more', () => {
    // Samples red, then blue: acc = ((0 + red) / 2 + blue) / 2 = (63.75, 0, 127.5).
    const redThenBlue = image(2, 1, (x) => (x === 0 ? [255, 0, 0] : [0, 0, 255]));
    expect(averageColor(redThenBlue, 2, 1, 3)).toEqual({ r: 85, g: 0, b: 170 });
    const rows = image(1, 2, (_x, y) => (y === 0 ? [255, 0, 0] : [0, 0, 255]));
    expect(averageColor(rows, 1, 2, 3)).toEqual({ r: 85, g: 0, b: 170 });
  });

  it('samples a grid of floor(w/100) × floor(h/100) steps', () => {
    // 250 px wide: steps of 2, so the odd columns (green) are never sampled.
    const stripes = image(250, 1, (x) => (x % 2 === 0 ? [255, 0, 0] : [0, 255, 0]));
    expect(averageColor(stripes, 250, 1, 3)).toEqual({ r: 255, g: 0, b: 0 });
    // 199 px wide: steps of 1, every column counts, the last one (red) most.
    const narrow = image(199, 1, (x) => (x % 2 === 0 ? [255, 0, 0] : [0, 255, 0]));
    const colour = averageColor(narrow, 199, 1, 3);
    expect(colour.r).toBeGreaterThan(colour.g);
    expect(colour.g).toBeGreaterThan(0);
  });

  it('reads grey images with one channel as grey', () => {
    expect(averageColor(new Uint8Array([7, 7, 7, 7]), 2, 2, 1)).toEqual({ r: 85, g: 85, b: 85 });
  });
});
