import ExampleInspector
import Testing

@testable import ReduxInspect

/// The progress line of long commands: on a terminal only, after the delay, and always taken
/// away again.
@Suite struct StepProgressTests {
    static func errorText(_ context: CLIContext) -> String {
        (context.error as? StringSink)?.text ?? ""
    }

    @Test func onATerminalTheLineShowsTheStepAndIsTakenAway() {
        let context = CLIContext.capturing(outputIsTerminal: true)
        let progress = StepProgress(context, label: "bisect", total: 5000, delay: 0)
        progress.update(0)
        // Within the same 1,024 steps the clock is not read again.
        progress.update(10)
        progress.clear()
        progress.clear()
        #expect(Self.errorText(context) == "\rbisect: step 1 of 5000…\r\u{1B}[K")
    }

    @Test func aLinePrintedPutsTheProgressAwayForTheDelay() {
        let context = CLIContext.capturing(outputIsTerminal: true)
        let progress = StepProgress(context, label: "blame", total: 5000, delay: 0)
        progress.update(0)
        progress.willPrint()
        progress.update(2000)
        #expect(Self.errorText(context) == "\rblame: step 1 of 5000…\r\u{1B}[K\rblame: step 2001 of 5000…")

        let slow = CLIContext.capturing(outputIsTerminal: true)
        let waiting = StepProgress(slow, label: "blame", total: 5000, delay: 60_000_000_000)
        waiting.willPrint()
        waiting.update(2000)
        #expect(Self.errorText(slow).isEmpty)
    }

    @Test func notOffATerminalNorOnADumbOneNorBeforeTheDelay() {
        let piped = CLIContext.capturing()
        let progress = StepProgress(piped, label: "blame", total: 5000, delay: 0)
        for index in 0..<5000 { progress.update(index) }
        progress.clear()
        #expect(Self.errorText(piped).isEmpty)

        let dumb = CLIContext.capturing(outputIsTerminal: true, environment: ["TERM": "dumb"])
        let cannotErase = StepProgress(dumb, label: "blame", total: 5000, delay: 0)
        for index in 0..<5000 { cannotErase.update(index) }
        cannotErase.clear()
        #expect(Self.errorText(dumb).isEmpty)

        let terminal = CLIContext.capturing(outputIsTerminal: true)
        let early = StepProgress(terminal, label: "blame", total: 5000, delay: 60_000_000_000)
        for index in 0..<5000 { early.update(index) }
        early.clear()
        #expect(Self.errorText(terminal).isEmpty)
    }

    @Test func aBlameOnATerminalLeavesNoProgressInItsOutput() throws {
        let context = CLIContext.capturing(outputIsTerminal: true)
        let status = Inspector.examples.run(["blame", CLITestSupport.fixture("shop.jsonl"), "cart.total"], context: context)
        #expect(status == 0)
        let output = (context.output as? StringSink)?.text ?? ""
        #expect(!output.contains("step ") && !output.contains("\r"))
        // The fixture is replayed in far less than the delay.
        #expect(Self.errorText(context).isEmpty)
    }
}
