/** Messages between the vision engine's thread and the main thread (vision.ts). */

/** [x, y, width, height] in pixels of the picture analysed. */
export type PixelBox = [number, number, number, number];

export interface VisionRequest {
  id: number;
  /** RGB, 3 bytes a pixel, row by row. */
  pixels: Uint8Array;
  width: number;
  height: number;
  /** What to look for: faces (with descriptors), COCO objects, or both. */
  faces: boolean;
  objects: boolean;
}

export interface FoundFace {
  box: PixelBox;
  /** The detector's confidence, 0–1. */
  score: number;
  /** The 1024-d face descriptor. */
  descriptor: number[];
}

export interface FoundObject {
  /** One of the 80 COCO classes. */
  label: string;
  score: number;
  box: PixelBox;
}

/** What the engine found in one picture. */
export interface Sighting {
  faces: FoundFace[];
  objects: FoundObject[];
}

export type VisionReply = ({ id: number } & Sighting) | { id: number; error: string };
