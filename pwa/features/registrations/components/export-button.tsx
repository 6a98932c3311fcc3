/** 'Export' (docs/product.md#screens): the CSV of the current filter; 'Exporting...' while it downloads. */
import { Button } from '../../../components/button';
import { errorMessage } from '../../../lib/api-client';
import type { RegistrationFilterValues } from '../api/get-registrations';
import { useExportRegistrations } from '../api/export-registrations';

export function ExportButton({
  filters,
  disabled,
  onError,
}: {
  filters: RegistrationFilterValues;
  disabled?: boolean;
  onError: (text: string) => void;
}) {
  const exporter = useExportRegistrations();
  return (
    <Button
      variant="secondary"
      busy={exporter.isPending}
      busyText="Exporting..."
      disabled={disabled}
      onClick={() =>
        exporter.mutate(filters, {
          onError: (e) => onError(errorMessage(e, 'Failed to export registrations')),
        })
      }
    >
      Export
    </Button>
  );
}
