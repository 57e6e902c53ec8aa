import { Avatar, type MantineSize } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';

/** Spec 2: the profile avatar: the user's photo, or a default person icon. */
export function ProfileAvatar({
  photoURL,
  name,
  size = 'md',
}: {
  photoURL: string | null;
  name: string;
  size?: MantineSize | number;
}) {
  return (
    <Avatar src={photoURL} alt={name} radius="xl" color="brand" size={size}>
      {photoURL ? null : <IconUser size="60%" aria-hidden />}
    </Avatar>
  );
}
