import { Navigate, useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ErrorState.tsx';
import { LoadingState } from '../../components/LoadingState.tsx';
import { PATHS } from '../../routing/paths.ts';
import { FolderView } from './FolderView.tsx';
import { useRootFolder } from './useFolderQueries.ts';

/** Route `folders`: /folders?folderId=…; without a folder it opens the tenant's root (spec §2). */
export function FoldersPage() {
  const [params] = useSearchParams();
  const folderId = params.get('folderId');
  if (!folderId) return <RootRedirect params={params} />;
  return <FolderView folderId={folderId} />;
}

function RootRedirect({ params }: { params: URLSearchParams }) {
  const root = useRootFolder();
  if (root.isPending) return <LoadingState />;
  if (root.isError) return <ErrorState error={root.error} onRetry={() => void root.refetch()} />;
  const next = new URLSearchParams(params);
  next.set('folderId', root.data.id);
  return <Navigate to={`${PATHS.folders}?${next.toString()}`} replace />;
}
