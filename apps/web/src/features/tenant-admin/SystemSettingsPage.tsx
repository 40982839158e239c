import { Stack } from '@mantine/core';
import { canEnforceMfa, isTenantAdmin } from '@skald/domain';
import { useCurrentUser } from '../../api/currentUser.ts';
import { principalOf } from '../../api/principal.ts';
import { AutoAnalysisCard } from './AutoAnalysisCard.tsx';
import { ExportSettingsCard } from './ExportSettingsCard.tsx';
import { FaceSettingsCard } from './FaceSettingsCard.tsx';
import { SpeechProviderCard } from './SpeechProviderCard.tsx';
import { TenantSecurityCard } from './TenantSecurityCard.tsx';
import { TranslationSettingsCard } from './TranslationSettingsCard.tsx';
import { UploadLocationCard } from './UploadLocationCard.tsx';

/** /settings/system: the tenant's settings, each part shown to who may change it. */
export function SystemSettingsPage() {
  const principal = principalOf(useCurrentUser());
  return (
    <Stack>
      {isTenantAdmin(principal) && <UploadLocationCard />}
      {canEnforceMfa(principal) && <TenantSecurityCard />}
      {isTenantAdmin(principal) && <SpeechProviderCard />}
      {isTenantAdmin(principal) && <FaceSettingsCard />}
      {isTenantAdmin(principal) && <TranslationSettingsCard />}
      {isTenantAdmin(principal) && <AutoAnalysisCard />}
      {isTenantAdmin(principal) && <ExportSettingsCard />}
    </Stack>
  );
}
