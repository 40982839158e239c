/** A captions track of the video (issue 14: the transcript and its translations as WebVTT). */
export interface CaptionTrack {
  /** Changes when the text does, so the browser reads it again. */
  key: string;
  src: string;
  srcLang: string;
  label: string;
}
