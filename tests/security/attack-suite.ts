import { uniqueName } from "@storefront/testing";
import { MongoClient } from "mongodb";
import { afterAll, inject } from "vitest";
import { refusalCheck, reportTally, type Tally, unchangedCheck } from "./shop-visitor.js";

/**
 * What each attack suite starts with: a tag unique to the run (lower-case letters and digits, `tagLength` long, for
 * its emails and order ids), its tally of bad inputs with the checks that count them (refused, unchanged) (reported when the suite ends),
 * and the running shop's databases, to see that nothing changed. The client connects on its first query (the
 * driver's way), so the databases can be named here, at the suite's top, and it is closed when the suite ends.
 */
export function attackSuite(suite: string, label: string, tagLength = 10) {
  const tag = uniqueName(label)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .slice(-tagLength);
  const tally: Tally = { tried: 0, refused: 0, changed: 0 };
  const mongo = new MongoClient(inject("mongoUrl"));
  afterAll(async () => {
    await mongo.close();
    reportTally(suite, tally);
  });
  return {
    tag,
    tally,
    refused: refusalCheck(tally),
    unchanged: unchangedCheck(tally),
    ordersDb: mongo.db(inject("ordersDb")),
    identityDb: mongo.db(inject("identityDb")),
    catalogueDb: mongo.db(inject("catalogueDb")),
    notificationDb: mongo.db(inject("notificationDb")),
  };
}
