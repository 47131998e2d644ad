import { Box, Heading, List, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { PageCard } from "../../components/PageCard";
import { type Language, useLanguage } from "../../i18n/i18n";
import { shop } from "../../shop";

/** A paragraph, or a bulleted list when it is an array. */
export type PolicyBlock = ReactNode | ReactNode[];

export interface PolicySection {
  heading: string;
  blocks: PolicyBlock[];
}

export interface Policy {
  title: string;
  intro: ReactNode;
  sections: PolicySection[];
}

/** A policy page's text in each of the shop's languages (docs/languages.md): the page's own module holds both. */
export type PolicyTexts = Readonly<Record<Language, Policy>>;

function Block({ block }: { block: PolicyBlock }) {
  if (Array.isArray(block)) {
    return (
      <List.Root ps="5" gap="1.5">
        {block.map((item, index) => (
          // The lists are fixed content: their order never changes.
          // biome-ignore lint/suspicious/noArrayIndexKey: static content
          <List.Item key={index}>{item}</List.Item>
        ))}
      </List.Root>
    );
  }
  return <Text>{block}</Text>;
}

/** The policy pages (spec sections 1 and 9): an h1, when it last changed, the text; `children` follow the intro. */
export function PolicyPage({ policy: texts, children }: { policy: PolicyTexts; children?: ReactNode }) {
  const { language, say, date } = useLanguage();
  const policy = texts[language];
  return (
    <PageCard maxW="4xl" as="article">
      <Stack gap="6" lineHeight="tall">
        <Stack gap="2">
          <Heading as="h1" size="3xl">
            {policy.title}
          </Heading>
          <Text data-testid="last-updated" color="gray.600" fontSize="sm">
            {say("policy.lastUpdated", { date: date(shop.policiesUpdated, "long") })}
          </Text>
        </Stack>
        <Text fontSize={{ base: "md", md: "lg" }}>{policy.intro}</Text>
        {children}
        {policy.sections.map((section) => (
          <Box as="section" key={section.heading}>
            <Heading as="h2" size="lg" mb="2" color="brand.800">
              {section.heading}
            </Heading>
            <Stack gap="3">
              {section.blocks.map((block, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static content
                <Block key={index} block={block} />
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
    </PageCard>
  );
}
