import { Text, Title } from '@mantine/core';

interface PageHeadingProps {
  title: string;
  description: string;
  /** For a form or region named by the heading (aria-labelledby). */
  titleId?: string;
}

/** A screen's title (h1) with a dimmed line under it. */
export function PageHeading({ title, description, titleId }: PageHeadingProps) {
  return (
    <div>
      <Title order={1} size="h2" id={titleId}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        {description}
      </Text>
    </div>
  );
}
