import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { errorMessage } from '@client/components/error-message';
import { PageHeader } from '@client/components/page-header';
import { useToast } from '@client/components/toast/use-toast';
import { useSession } from '@client/session/use-session';
import type { Tag } from '@shared/api/tags';
import { TAG_LIST_PAGE_SIZE } from '@shared/constants';
import { TagFormDialog } from './tag-form-dialog';
import { useDeleteTagMutation, useGetTagsQuery, useRestoreTagMutation } from './tags-api';
import { TagsTable } from './tags-table';

type Editor = { open: false } | { open: true; tag: Tag | null };

/** The Tags screen (SPEC.md 2): a table of 10 per page, Create Tag, edit, soft delete and restore. */
export default function TagsScreen() {
  const { can } = useSession();
  const toast = useToast();
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: TAG_LIST_PAGE_SIZE });
  const [editor, setEditor] = useState<Editor>({ open: false });
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const { data, isFetching, isError } = useGetTagsQuery({ page: pagination.page + 1, limit: pagination.pageSize, includeDeleted: true });
  const [deleteTag, { isLoading: isDeleting }] = useDeleteTagMutation();
  const [restoreTag] = useRestoreTagMutation();
  const canManage = can('contacts:tag');

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteTag(deleting.id).unwrap();
      toast.success('Success', 'Tag deleted successfully');
      setDeleting(null);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to delete tag'));
    }
  };

  const restore = useCallback(
    async (tag: Tag) => {
      try {
        await restoreTag(tag.id).unwrap();
        toast.success('Success', 'Tag restored successfully');
      } catch (error) {
        toast.error('Error', errorMessage(error, 'Failed to restore tag'));
      }
    },
    [restoreTag, toast],
  );
  const onEdit = useCallback((tag: Tag) => setEditor({ open: true, tag }), []);
  const onRestore = useCallback((tag: Tag) => void restore(tag), [restore]);

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
          rows={data?.data ?? []}
          rowCount={data?.pagination.total ?? 0}
          loading={isFetching}
          pagination={pagination}
          onPaginationChange={setPagination}
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
