// Not in the spec: the refusals around placeholders, crops and marker downloads (issue 15), which
// the spec names only by their permissions and limits.
export const PLACEHOLDER_MESSAGES = {
  placeholderHasMedia: 'This item has media already; only a placeholder can receive media',
  placeholderBusy: 'Media for this placeholder is already on its way',
  copySourceHasNoMedia: 'The item to copy from has no media of its own',
  cropOnlyPictures: 'Only pictures can be cropped',
  cropAreaOutside: 'The crop area must lie within the picture',
  cropTooLarge: 'The cropped picture is larger than 100 MB',
  markersNeedTime: 'Markers are downloaded from video and audio items',
} as const;
