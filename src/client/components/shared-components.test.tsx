import Button from '@mui/material/Button';
import { screen, waitFor, within } from '@testing-library/react';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { object, string } from 'yup';
import { renderWithProviders } from '@client/testing/test-utils';
import { ConfirmDialog } from './confirm-dialog';
import { FormikTextField } from './form/formik-text-field';
import { useToast } from './toast/use-toast';

function ToastButtons() {
  const toast = useToast();
  return (
    <>
      <Button onClick={() => toast.error('Save Failed', 'Failed to save configuration')}>one</Button>
      <Button onClick={() => Array.from({ length: 7 }, (_, i) => toast.info(`Note ${i + 1}`))}>seven</Button>
    </>
  );
}

describe('toasts', () => {
  it('show the title and the message', async () => {
    const { user } = renderWithProviders(<ToastButtons />);
    await user.click(screen.getByRole('button', { name: 'one' }));
    const toast = (await screen.findByText('Failed to save configuration')).closest('[role="alert"]') as HTMLElement;
    expect(within(toast).getByText('Save Failed')).toBeInTheDocument();
  });

  it('show at most five at once and queue the rest', async () => {
    const { user } = renderWithProviders(<ToastButtons />);
    await user.click(screen.getByRole('button', { name: 'seven' }));
    await screen.findByText('Note 5');
    expect(screen.getAllByText(/^Note \d$/)).toHaveLength(5);
    expect(screen.queryByText('Note 6')).not.toBeInTheDocument();

    const first = screen.getByText('Note 1').closest('[role="alert"]') as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('Note 6')).toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  function Harness({ onConfirm }: { onConfirm: () => void }) {
    const [open, setOpen] = useState(true);
    return (
      <ConfirmDialog
        open={open}
        title="Delete Role"
        message='Are you sure you want to delete the role "Support"?'
        confirmLabel="Delete"
        destructive
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
      />
    );
  }

  it('asks, and runs the action only on confirm', async () => {
    const onConfirm = jest.fn();
    const { user } = renderWithProviders(<Harness onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Delete Role' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete the role "Support"?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes on Cancel without running the action', async () => {
    const onConfirm = jest.fn();
    const { user } = renderWithProviders(<Harness onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('disables both buttons while busy', () => {
    renderWithProviders(
      <ConfirmDialog open title="Delete" message="Sure?" busy onConfirm={jest.fn()} onClose={jest.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

describe('FormikTextField', () => {
  it('shows the field error once touched, from a nested path', async () => {
    const { user } = renderWithProviders(
      <Formik initialValues={{ contact: { phone: '' } }} validationSchema={object({ contact: object({ phone: string().required('Phone number is required') }) })} onSubmit={jest.fn()}>
        <Form>
          <FormikTextField name="contact.phone" label="Phone" helperText="Digits only" />
        </Form>
      </Formik>,
    );
    const field = screen.getByLabelText('Phone');
    expect(field).toHaveAccessibleDescription('Digits only');
    await user.click(field);
    await user.tab();
    await waitFor(() => expect(field).toHaveAccessibleDescription('Phone number is required'));
    await user.type(field, '5551234');
    await waitFor(() => expect(field).toHaveAccessibleDescription('Digits only'));
    expect(field).toHaveValue('5551234');
  });
});
