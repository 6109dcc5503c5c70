import { MSG, photoFileProblem, PHOTO_TYPES } from '@arandu/shared';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconTrash, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { confirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../components/toast';
import { failureMessage } from '../../../lib/api-errors';
import { useDeletePhoto, usePhoto, useUploadPhoto } from '../api/photo';

export interface PhotoFieldProps {
  /** The user whose photo it is; null while creating one (the chosen file is uploaded after the save). */
  userId: number | null;
  urlPhoto: string | null;
  photoName: string | null;
  /** The chosen file not uploaded yet (for a new user). */
  pending: File | null;
  onPendingChange: (file: File | null) => void;
  readOnly?: boolean;
  /** Initials shown without a photo. */
  name: string;
  /** personInitials of the person, shown while there is no photo. */
  initials: string;
  /** The form's reason about the photo ('La foto es obligatoria'), shown at the field. */
  error?: string | null;
}

/** An object URL for a blob or file, revoked when it changes or the component goes. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/**
 * 'Foto': choose a png or jpeg, see it, upload it apart from the form (spec 01 section 2). The three client
 * checks of spec 01 section 5 run on choosing and on uploading; the server checks the content again.
 */
export function PhotoField({
  userId,
  urlPhoto,
  photoName,
  pending,
  onPendingChange,
  readOnly,
  name,
  initials,
  error = null,
}: PhotoFieldProps) {
  const stored = usePhoto(userId, urlPhoto, photoName);
  const upload = useUploadPhoto();
  const remove = useDeletePhoto();
  const [chosen, setChosen] = useState<File | null>(null);
  // A refused file or upload is told at the photo too, not only in a toast that goes (issue 43 item 3).
  const [problem, setProblem] = useState<string | null>(null);
  const file = userId === null ? pending : chosen;
  const preview = useObjectUrl(file ?? stored.data);

  useEffect(() => {
    if (stored.isError) toast.error(MSG.photoLoadFailed);
  }, [stored.isError]);

  const choose = (picked: File | null) => {
    const refused = photoFileProblem(picked);
    setProblem(refused);
    if (refused) {
      toast.warning(refused);
      return;
    }
    if (userId === null) onPendingChange(picked);
    else setChosen(picked);
  };

  const send = async () => {
    const refused = photoFileProblem(chosen);
    if (refused || !chosen || userId === null) {
      setProblem(refused ?? MSG.photoChoose);
      toast.warning(refused ?? MSG.photoChoose);
      return;
    }
    try {
      await upload.mutateAsync({ userId, file: chosen });
      setChosen(null);
      setProblem(null);
      toast.success(MSG.photoSaved);
    } catch (failure) {
      const text = failureMessage(failure, MSG.photoSaveFailed);
      setProblem(text);
      toast.warning(text);
    }
  };

  const drop = async () => {
    if (userId === null) return;
    const ok = await confirmDialog({
      title: 'Quitar foto',
      message: '¿Está seguro de que desea quitar la foto? Deberá subir otra antes de guardar la ficha.',
      confirmLabel: 'Sí, quitar',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(userId);
      toast.success(MSG.photoDeleted);
    } catch (error) {
      toast.warning(failureMessage(error, MSG.errorGeneric));
    }
  };

  const waiting = userId === null ? !!pending : !!chosen;
  return (
    <Stack align="center" gap="xs">
      <Avatar
        src={preview}
        alt={preview ? `Foto de ${name}` : undefined}
        name={name}
        color="initials"
        size={132}
        radius="md"
      >
        {initials}
      </Avatar>
      {waiting && (
        <Text size="xs" c="dimmed" ta="center">
          {userId === null ? 'Se subirá al guardar' : 'Vista previa: falta subirla'}
        </Text>
      )}
      {(problem ?? error) && (
        <Text size="xs" c="red" ta="center" role="alert" id="foto-error">
          {problem ?? error}
        </Text>
      )}
      {!photoName && !waiting && (
        <Text size="xs" c="dimmed" ta="center">
          Sin foto
        </Text>
      )}
      {!readOnly && (
        <Group gap={6} justify="center">
          <FileButton onChange={choose} accept={PHOTO_TYPES.join(',')}>
            {(props) => (
              <Button
                {...props}
                size="xs"
                variant="light"
                leftSection={<IconPhotoUp size={14} />}
                // Marked as a field in error, so a refused save puts the focus here, by the reason.
                aria-invalid={(problem ?? error) ? true : undefined}
                aria-describedby={(problem ?? error) ? 'foto-error' : undefined}
              >
                Elegir foto
              </Button>
            )}
          </FileButton>
          {userId !== null && (
            <Button
              size="xs"
              leftSection={<IconUpload size={14} />}
              loading={upload.isPending}
              disabled={!chosen}
              onClick={() => void send()}
            >
              Subir foto
            </Button>
          )}
          {userId !== null && photoName && !chosen && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => void drop()}
            >
              Quitar
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
