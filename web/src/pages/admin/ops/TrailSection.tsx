import { Badge, HStack, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { orderTrail } from "../../../api/ops";
import { PageSpinner } from "../../../components/PageSpinner";
import { SearchBox } from "../SearchBox";
import { Section, when } from "./console-parts";

const STEP_COLOURS = { order: "gray", event: "teal", parked: "red", action: "purple" } as const;

export function TrailSection() {
  const [search, setSearch] = useState("");
  const [submitted, setSubmitted] = useState("");
  const trail = useQuery({
    queryKey: ["ops-trail", submitted],
    queryFn: () => orderTrail(submitted),
    enabled: submitted.length > 0,
  });
  return (
    <Section title="Follow an order">
      <HStack
        as="form"
        gap="3"
        wrap="wrap"
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(search.trim());
        }}
      >
        <SearchBox
          label="Order id or correlation id"
          maxW="96"
          value={search}
          onChange={setSearch}
          submit="Show its story"
          testIds={{ input: "trail-search", submit: "trail-submit" }}
        />
      </HStack>
      {trail.isFetching && <PageSpinner />}
      {trail.isSuccess && trail.data.steps.length === 0 && (
        <Text color="gray.600">Nothing is known about {submitted}.</Text>
      )}
      {trail.isSuccess && trail.data.steps.length > 0 && (
        <Stack as="ol" gap="2" data-testid="trail-steps" listStyleType="none">
          {trail.data.steps.map((step) => (
            <HStack
              as="li"
              key={`${step.at}-${step.source}-${step.what}`}
              gap={{ base: "1", md: "3" }}
              align="start"
              wrap={{ base: "wrap", md: "nowrap" }}
              data-testid="trail-step"
            >
              <Text fontSize="sm" color="gray.600" minW={{ base: "full", md: "44" }}>
                {when(step.at)}
              </Text>
              <Badge colorPalette={STEP_COLOURS[step.source]}>{step.source}</Badge>
              <Text fontSize="sm" overflowWrap="anywhere">
                {step.what}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Section>
  );
}
