import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import FormLabel from '@mui/material/FormLabel';
import { useField } from 'formik';
import { TAG_COLOR_PALETTE } from '@shared/constants';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { textColorOn } from '@client/components/tags/tag-chip';

/** The 20 swatches of the tag palette as a radio group, plus the hex code for a colour of one's own. */
export function ColorPaletteField({ name }: { name: string }) {
  const [field, , helpers] = useField<string>(name);
  const chosen = field.value.toLowerCase();
  return (
    <Box>
      <FormLabel component="legend" id={`${name}-palette-label`} sx={{ mb: 1, display: 'block' }}>
        Color
      </FormLabel>
      <Box role="radiogroup" aria-labelledby={`${name}-palette-label`} sx={{ display: 'grid', gridTemplateColumns: 'repeat(10, 32px)', gap: 1, mb: 2 }}>
        {TAG_COLOR_PALETTE.map((color) => {
          const selected = chosen === color;
          return (
            <ButtonBase
              key={color}
              role="radio"
              aria-checked={selected}
              aria-label={color}
              onClick={() => void helpers.setValue(color)}
              sx={{
                width: 32,
                height: 32,
                borderRadius: '50%',
                bgcolor: color,
                color: textColorOn(color),
                outline: selected ? '2px solid' : 'none',
                outlineColor: 'text.primary',
                outlineOffset: 2,
              }}
            >
              {selected && <CheckIcon fontSize="small" />}
            </ButtonBase>
          );
        })}
      </Box>
      <FormikTextField name={name} label="Hex code" size="small" helperText="A swatch, or #RRGGBB" sx={{ width: 180 }} />
    </Box>
  );
}
