import { Button, HStack, Input, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiFailure } from "../../../api/client";
import { type ParkedMessage, type ParkedStatus, parkedMessages, resolveParked } from "../../../api/ops";
import { ChoiceSelect } from "../../../components/ChoiceSelect";
import { PageSpinner } from "../../../components/PageSpinner";
import { notifyError, notifySuccess } from "../../../toast/toaster";
import { ConsoleCell as Cell, ConsoleTable, consoleTable, REFRESH_MS, Section, when } from "./console-parts";

const SHOWN = ["parked", "replayed", "discarded"] as const satisfies readonly ParkedStatus[];
const SHOWN_WORDS: Record<ParkedStatus, string> = { parked: "Waiting", replayed: "Replayed", discarded: "Discarded" };

type Resolution = "replay" | "discard";
/** What the owner may do with a parked message: its word and colour, the same on the row and on the confirmation. */
const RESOLUTIONS: Record<Resolution, { word: string; colorPalette: string; variant: "solid" | "outline" }> = {
  replay: { word: "Replay", colorPalette: "brand", variant: "solid" },
  discard: { word: "Discard", colorPalette: "red", variant: "outline" },
};

export function ParkedSection() {
  const client = useQueryClient();
  const [status, setStatus] = useState<ParkedStatus>("parked");
  const [pending, setPending] = useState<{ message: ParkedMessage; action: Resolution } | undefined>();
  const [reason, setReason] = useState("");
  const parked = useQuery({
    queryKey: ["ops-parked", status],
    queryFn: () => parkedMessages(status),
    refetchInterval: REFRESH_MS,
  });
  const resolve = useMutation({
    mutationFn: (input: { id: string; action: Resolution; reason: string }) =>
      resolveParked(input.id, input.action, input.reason),
    onSuccess: (result) => {
      notifySuccess(result.status === "replayed" ? "The message was sent back to its queue." : "Discarded.");
      setPending(undefined);
      setReason("");
      void client.invalidateQueries({ queryKey: ["ops-parked"] });
      void client.invalidateQueries({ queryKey: ["ops-audit"] });
      void client.invalidateQueries({ queryKey: ["ops-queues"] });
    },
    onError: (error) => notifyError(error instanceof ApiFailure ? error.message : String(error)),
  });

  return (
    <Section title="Parked messages">
      <Text color="gray.600">
        Events a service gave up on after its retries (with the error it last saw), and events no queue took. Fix the
        cause first, then replay: a replayed message goes back to its queue once.
      </Text>
      <ChoiceSelect
        maxW="52"
        bg="white"
        size="sm"
        label="Show"
        choices={SHOWN}
        value={status}
        onChoose={setStatus}
        words={(shown) => SHOWN_WORDS[shown]}
        testId="parked-status"
      />
      {pending && (
        <Stack
          as="form"
          gap="2"
          p="4"
          bg="white"
          borderWidth="1px"
          borderColor="brand.200"
          borderRadius="md"
          data-testid="parked-confirm"
          onSubmit={(event) => {
            event.preventDefault();
            resolve.mutate({ id: pending.message._id, action: pending.action, reason: reason.trim() });
          }}
        >
          <Text fontWeight="semibold">
            {RESOLUTIONS[pending.action].word} {pending.message.type} ({pending.message.eventId})?
          </Text>
          <Input
            size="sm"
            placeholder="Why (goes into the audit log)"
            aria-label="Reason"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-testid="parked-reason"
          />
          <HStack>
            <Button
              type="submit"
              size="sm"
              colorPalette={RESOLUTIONS[pending.action].colorPalette}
              disabled={reason.trim().length < 3}
              loading={resolve.isPending}
              data-testid="parked-confirm-submit"
            >
              {RESOLUTIONS[pending.action].word}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setPending(undefined)}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      )}
      {parked.isPending && <PageSpinner />}
      {parked.isSuccess && parked.data.messages.length === 0 && (
        <Text color="gray.600" data-testid="parked-empty">
          Nothing here.
        </Text>
      )}
      {parked.isSuccess && parked.data.messages.length > 0 && (
        <ConsoleTable
          testId="parked-messages"
          columns={["Event", "Error", "Attempts", "First failed", "Parked", status === "parked" ? "Actions" : "Done"]}
          numeric={["Attempts"]}
        >
          {parked.data.messages.map((message) => (
            <Table.Row key={message._id} data-testid="parked-row" data-event-id={message.eventId} {...consoleTable.row}>
              <Cell wide>
                <Text fontWeight="semibold">{message.type}</Text>
                <Text fontSize="xs" color="gray.600" fontFamily="mono">
                  {message.queue} · {message.eventId}
                </Text>
                {message.correlationId && (
                  <Text fontSize="xs" color="gray.600" fontFamily="mono">
                    correlation {message.correlationId}
                  </Text>
                )}
              </Cell>
              <Cell wide maxW={{ md: "md" }} whiteSpace="normal" data-testid="parked-error">
                {message.error ?? (message.source === "unrouted" ? "No queue is bound for this event type" : "—")}
              </Cell>
              <Cell label="Attempts" numeric>
                {message.attempts ?? "—"}
              </Cell>
              <Cell wide label="First failed">
                {when(message.firstFailedAt)}
              </Cell>
              <Cell wide label="Parked">
                {when(message.parkedAt)}
              </Cell>
              <Cell wide pt={{ base: "1", md: "2" }}>
                {message.status === "parked" ? (
                  <HStack gap="2">
                    {(["replay", "discard"] as const).map((action) => (
                      <Button
                        key={action}
                        size="xs"
                        variant={RESOLUTIONS[action].variant}
                        colorPalette={RESOLUTIONS[action].colorPalette}
                        onClick={() => setPending({ message, action })}
                        data-testid={`parked-${action}`}
                      >
                        {RESOLUTIONS[action].word}
                      </Button>
                    ))}
                  </HStack>
                ) : (
                  <Text fontSize="xs">
                    {message.resolution?.by}, {when(message.resolution?.at)}: {message.resolution?.reason}
                  </Text>
                )}
              </Cell>
            </Table.Row>
          ))}
        </ConsoleTable>
      )}
    </Section>
  );
}
