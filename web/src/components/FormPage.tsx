import { chakra, Heading } from "@chakra-ui/react";
import type { FormEvent, ReactNode } from "react";
import { PageCard } from "./PageCard";

/** A page that is one form (reset password, an address): the card, the form's column and its title first. */
export function FormPage(props: {
  maxW: string;
  heading: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  /** The form's name for the browser tests. */
  testId: string;
  children: ReactNode;
}) {
  return (
    <PageCard maxW={props.maxW}>
      <chakra.form
        noValidate
        onSubmit={props.onSubmit}
        display="flex"
        flexDirection="column"
        gap="4"
        data-testid={props.testId}
      >
        <Heading as="h1" size="2xl">
          {props.heading}
        </Heading>
        {props.children}
      </chakra.form>
    </PageCard>
  );
}
