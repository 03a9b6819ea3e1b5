import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { PageHeader } from './page-header';

/** Stands in for a screen a later issue builds, so every route already works. */
export function ScreenPlaceholder({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent>
          <Typography color="text.secondary">This screen is coming soon.</Typography>
        </CardContent>
      </Card>
    </>
  );
}
