import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { TAG_PICKER_PAGE_SIZE } from '@shared/constants';
import type { Tag } from '@shared/api/tags';
import { useGetTagsQuery } from '@client/api/tags-endpoints';
import { TagChip } from './tag-chip';

export interface TagPickerProps {
  label?: string;
  /** Selected tag ids. */
  value: readonly string[];
  onChange: (tagIds: string[]) => void;
  onBlur?: () => void;
  /** No more can be picked once this many are selected. */
  max: number;
  error?: string;
  disabled?: boolean;
}

/** Picks tags by name from the organization's (not deleted) tags, all read at once: page 1, size 1000. */
export function TagPicker({ label = 'Tags', value, onChange, onBlur, max, error, disabled }: TagPickerProps) {
  const { data, isFetching } = useGetTagsQuery({ page: 1, limit: TAG_PICKER_PAGE_SIZE });
  const options = useMemo(() => data?.data ?? [], [data]);
  const selected = useMemo(() => {
    const byId = new Map(options.map((tag) => [tag.id, tag]));
    return value.flatMap((id) => byId.get(id) ?? []);
  }, [options, value]);
  const full = selected.length >= max;

  return (
    <Autocomplete<Tag, true>
      multiple
      options={options}
      value={selected}
      loading={isFetching}
      disabled={disabled}
      filterSelectedOptions
      getOptionLabel={(tag) => tag.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionDisabled={() => full}
      onChange={(_event, tags) => onChange(tags.map((tag) => tag.id))}
      onBlur={onBlur}
      renderValue={(tags, getItemProps) =>
        tags.map((tag, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <TagChip key={key} name={tag.name} color={tag.color} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(error)}
          helperText={error ?? (full ? `At most ${max} tags` : undefined)}
        />
      )}
    />
  );
}
