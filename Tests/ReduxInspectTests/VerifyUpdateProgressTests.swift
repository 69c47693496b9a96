import Foundation
import Redux
import ReduxInspect
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A counter whose `wait` action holds the replay until the JUnit report kept on disk holds a
/// file verified (not only the report written at the start, every file skipped), and hands
/// over what it read: a run still verifying a file, stopped there by a CI job's time limit,
/// leaves that report.
private enum Slow {
    enum Action: Codable, Sendable {
        case add(Int)
        case wait
    }

    /// What the `wait` action read from the report, once it was there.
    final class Seen: @unchecked Sendable {
        private let lock = NSLock()
        private var text: String?
        var report: String? { lock.withLock { text } }
        func keep(_ report: String) { lock.withLock { if text == nil { text = report } } }
    }

    /// The app as recorded: `add` adds.
    static let recorded = Reducer<Int, Action> { state, action in
        if case .add(let amount) = action { state += amount }
    }

    /// The app as it is now: `add` adds twice, and `wait` waits (at most 20 s) for `report` to
    /// hold a file verified.
    static func current(report: String, seen: Seen) -> Reducer<Int, Action> {
        Reducer { state, action in
            switch action {
            case .add(let amount): state += 2 * amount
            case .wait:
                let deadline = Date(timeIntervalSinceNow: 20)
                while seen.report == nil, Date() < deadline {
                    if let text = try? String(contentsOfFile: report, encoding: .utf8), text.contains("<failure") {
                        seen.keep(text)
                    }
                    Thread.sleep(forTimeInterval: 0.05)
                }
            }
        }
    }

    static func record(_ actions: [Action]) -> String {
        RecordedSession.text(
            from: 0, recorded,
            options: .init(
                reducer: "slow", app: "Slow", statePolicy: .everyAction,
                clock: .stepping(from: Date(timeIntervalSince1970: 1_795_000_000), by: 0.25)),
            dispatching: actions)
    }
}

@Suite struct VerifyUpdateProgressTests {
    /// `verify --update --junit` keeps its report on disk as the run goes, as `verify` does:
    /// a file verified and not rewritten yet is in it as it stands on disk (failed), not
    /// skipped. Before, the report skipped every file until all were verified.
    @Test func theReportKeptDuringAnUpdateHoldsTheFilesVerifiedSoFar() throws {
        let directory = try CLITemporaryDirectory()
        let drifted = try directory.file("1-drifted.jsonl", Slow.record([.add(1), .add(2)]))
        let waiting = try directory.file("2-waiting.jsonl", Slow.record([.wait]))
        let report = directory.path("report.xml")
        let seen = Slow.Seen()
        let inspector = Inspector(
            reducers: [
                InspectableReducer(name: "slow", reducer: Slow.current(report: report, seen: seen), initialState: 0)
            ],
            program: "slow-inspector")

        let result = CLITestSupport.run(
            ["verify", drifted, waiting, "--update", "--junit", report], inspector: inspector)

        #expect(result.code == 0, "\(result)")
        #expect(result.out.contains("2 passed, 0 failed"), "\(result)")
        let kept = try #require(seen.report, "no report was kept while the second file was verified")
        #expect(try cases(kept, "failure") == 1, "\(kept)")
        #expect(try cases(kept, "skipped") == 1, "\(kept)")
        let final = try String(contentsOfFile: report, encoding: .utf8)
        #expect(try cases(final, "failure") == 0 && cases(final, "skipped") == 0, "\(final)")
        #expect(try String(contentsOfFile: drifted, encoding: .utf8).contains(#""state":6"#))
    }

    /// How many of the report's test cases hold an element named `element`.
    private func cases(_ xml: String, _ element: String) throws -> Int {
        try XMLDocument(xmlString: xml).nodes(forXPath: "//testcase/\(element)").count
    }
}
