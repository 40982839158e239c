/**
 * The product's own texts for media the tools refuse and uploads whose content is refused; the spec
 * quotes none. They are stored on the item's transcoding state, its history and the upload, so they
 * hold no values: the web finds them by their exact English text (see MESSAGES). What an operator
 * needs (sizes, limits, the tool's output) goes to the logs instead.
 */
export const MEDIA_MESSAGES = {
  transcodingFailed: 'Transcoding failed',
  mediaNotConverted: 'The media could not be converted',
  mediaTimedOut: 'Processing took too long and was stopped',
  fileUnreadable: 'This file could not be read as audio, video or a picture',
  fileHasNoMedia: 'The file contains no audio, video or picture',
  fileHasNoVideo: 'The file contains no video',
  fileHasNoAudio: 'The file contains no audio',
  videoHasNoPictures: 'The video has no pictures',
  pictureUnreadable: 'This picture could not be read',
  pictureTooLarge: 'The picture is too large to process',
  svgTooLarge: 'The SVG file is too large to process',
  jobWorkerLost: 'The worker running this job stopped before it finished',
  uploadContentNotAccepted: 'The file content is not an accepted type',
  noFolderCreatePermission: 'You do not have permission to create folders',
} as const;
