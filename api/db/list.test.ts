import { describe, expect, it } from "vitest";
import { COUNT_CAP } from "../contract/list-query";
import { totalToldByPage } from "./list";

describe("totalToldByPage: the number of matches a page tells without a count", () => {
  it("a page that is not full holds the last matches: those skipped and its own", () => {
    expect(totalToldByPage(0, 3, 20)).toEqual({ total: 3, totalCapped: false });
    expect(totalToldByPage(40, 7, 20)).toEqual({ total: 47, totalCapped: false });
  });

  it("the first page empty tells none; an empty page further on, or a full page, tells nothing", () => {
    expect(totalToldByPage(0, 0, 20)).toEqual({ total: 0, totalCapped: false });
    expect(totalToldByPage(40, 0, 20)).toBeNull();
    expect(totalToldByPage(0, 20, 20)).toBeNull();
    expect(totalToldByPage(40, 20, 20)).toBeNull();
  });

  it("more than the cap is told as the cap, capped", () => {
    expect(totalToldByPage(COUNT_CAP, 5, 20)).toEqual({ total: COUNT_CAP, totalCapped: true });
  });
});
