// Playwright retries a failed test once in CI (playwright.config.ts): a test that only passed on
// its retry is flaky, and the CI output must say so loudly rather than hide it behind a green run.
// This reporter lists them at the end, after the list reporter's summary.
import type { FullResult, Reporter, TestCase } from "@playwright/test/reporter";

export default class FlakyReporter implements Reporter {
  private readonly flaky: TestCase[] = [];

  onTestEnd(test: TestCase) {
    if (test.outcome() === "flaky" && !this.flaky.includes(test)) this.flaky.push(test);
  }

  onEnd(_result: FullResult) {
    if (this.flaky.length === 0) return;
    const lines = this.flaky.map(
      (t) => `  - [${t.parent.project()?.name ?? "?"}] ${t.location.file.replace(process.cwd() + "/", "")}:${t.location.line} › ${t.title}`,
    );
    process.stdout.write(
      `\nFLAKY: ${this.flaky.length} test(s) passed only on their retry; fix them, do not rely on the retry:\n${lines.join("\n")}\n`,
    );
  }
}
