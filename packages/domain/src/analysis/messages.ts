// Spec §8: each analysis job shows its own error message; the spec names them without quoting, so
// these are the product's words. The others refuse a start (§4: disabled while progressing).
export const ANALYSIS_MESSAGES = {
  sceneDetectionFailed: 'Scene detection failed',
  textDetectionFailed: 'Text detection failed',
  transcriptionFailed: 'Transcription failed',
  personDetectionFailed: 'Person detection failed',
  celebrityDetectionFailed: 'Celebrity detection failed',
  labelDetectionFailed: 'Label detection failed',
  translationFailed: 'Translation failed',
  analysisNotForItemType: 'This analysis does not apply to this type of item',
  analysisInProgress: 'This analysis is already in progress',
  analysisNoMedia: 'Item has no media to analyse',
  noAnalysisPermission: 'You do not have permission to start this analysis',
  speechModelMissing: 'No speech-to-text model is installed for this language',
  speechProviderUnreachable: 'The speech-to-text provider could not be reached',
  speechProviderRefused: 'The speech-to-text provider refused the recording',
  speechEngineMissing: 'The speech-to-text engine is not installed',
  speechModelUnreadable: 'The speech-to-text model could not be loaded',
  textEngineMissing: 'The text recognition engine is not installed',
  translationPairMissing: 'No translation engine or provider is set up for this language pair',
  translationProviderUnreachable: 'The translation provider could not be reached',
  translationProviderRefused: 'The translation provider refused the text',
  noTargetLanguage: 'The transcript is already in every translation language',
  // A picture uploaded for a person (spec §3 person image).
  noFaceInPicture: 'No face was found in the picture',
  // Spec §5 and §8, quoted.
  bulkTranscriptionLanguage: 'A transcription language must be chosen for the bulk operation',
} as const;
