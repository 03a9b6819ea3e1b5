import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback, useState } from 'react';
import { useDeleteTagMutation, useGetTagsQuery, useRestoreTagMutation } from '@client/api/tags-endpoints';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { PageHeader } from '@client/components/page-header';
import { useServerPagination } from '@client/components/paged-data-grid';
import { useRecordAction } from '@client/components/toast/use-record-action';
import { useSession } from '@client/session/use-session';
import type { Tag } from '@shared/api/tags';
import { TAG_LIST_PAGE_SIZE } from '@shared/constants';
import { TagFormDialog } from './tag-form-dialog';
import { TagsTable } from './tags-table';

type Editor = { open: false } | { open: true; tag: Tag | null };

/** The Tags screen: a table of 10 per page, Create Tag, edit, soft delete and restore. */
export default function TagsScreen() {
  const { can } = useSession();
  const runAction = useRecordAction('Tag');
  const { query, pageOf } = useServerPagination(TAG_LIST_PAGE_SIZE);
  const [editor, setEditor] = useState<Editor>({ open: false });
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const { data, isFetching, isError } = useGetTagsQuery({ ...query, includeDeleted: true });
  const [deleteTag, { isLoading: isDeleting }] = useDeleteTagMutation();
  const [restoreTag] = useRestoreTagMutation();
  const canManage = can('contacts:tag');

  const confirmDelete = async () => {
    if (!deleting) return;
    if (await runAction('delete', () => deleteTag(deleting.id).unwrap())) setDeleting(null);
  };

  const onEdit = useCallback((tag: Tag) => setEditor({ open: true, tag }), []);
  const onRestore = useCallback(
    (tag: Tag) => void runAction('restore', () => restoreTag(tag.id).unwrap()),
    [restoreTag, runAction],
  );

  return (
    <Box>
      <PageHeader
        title="Tags"
        subtitle="Group contacts for broadcasts and filters. Deleted tags stay here until you restore them."
        actions={
          canManage && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditor({ open: true, tag: null })}>
              Create Tag
            </Button>
          )
        }
      />
      {isError && !data ? (
        <Alert severity="error">Failed to load tags. Please try again.</Alert>
      ) : (
        <TagsTable
          page={pageOf(data?.data, data?.pagination.total, isFetching)}
          canManage={canManage}
          onEdit={onEdit}
          onDelete={setDeleting}
          onRestore={onRestore}
        />
      )}
      <TagFormDialog open={editor.open} tag={editor.open ? editor.tag : null} onClose={() => setEditor({ open: false })} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Tag"
        message={`Are you sure you want to delete the tag "${deleting?.name ?? ''}"? Contacts keep it hidden until it is restored.`}
        confirmLabel="Delete"
        destructive
        busy={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
