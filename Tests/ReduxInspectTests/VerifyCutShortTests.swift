import Foundation
import Redux
import ReduxInspect
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A tally whose `cut` action cuts the file being verified short, as another program
/// rewriting a golden in place (`> file`) would while `verify` reads it.
private enum Cutting {
    enum Action: Codable, Sendable {
        case add(Int)
        case cut
    }

    static let recorded = Reducer<Int, Action> { state, action in
        if case .add(let amount) = action { state += amount }
    }

    /// The app as recorded, except that `cut` truncates `path` to its first 8 KiB.
    static func cutting(_ path: String) -> Reducer<Int, Action> {
        Reducer { state, action in
            switch action {
            case .add(let amount): state += amount
            case .cut: _ = truncate(path, 8192)
            }
        }
    }

    /// A session of `count` additions, with `cut` tenth when `cuts`.
    static func record(count: Int, cuts: Bool) -> String {
        let actions = (1...count).map { $0 == 10 && cuts ? Action.cut : .add($0) }
        return RecordedSession.text(
            from: 0, recorded,
            options: .init(
                reducer: "cutting", app: "Cutting", statePolicy: .everyAction,
                clock: .stepping(from: Date(timeIntervalSince1970: 1_795_000_000), by: 0.25)),
            dispatching: actions)
    }
}

@Suite struct VerifyCutShortTests {
    /// A recording another program cuts short while `verify` reads it is that file's error,
    /// and the run goes on to the others, writes its summary and its JUnit report. Before,
    /// the bus error of reading past the new end ended the whole run at once: nothing on
    /// standard output, and the report left as it was.
    @Test func aFileCutShortWhileVerifiedIsItsErrorAndTheRunGoesOn() throws {
        let directory = try CLITemporaryDirectory()
        let cut = try directory.file("1-cut.jsonl", Cutting.record(count: 20_000, cuts: true))
        let whole = try directory.file("2-whole.jsonl", Cutting.record(count: 100, cuts: false))
        let report = directory.path("report.xml")
        let inspector = Inspector(
            reducers: [InspectableReducer(name: "cutting", reducer: Cutting.cutting(cut), initialState: 0)],
            program: "cutting-inspector")

        let result = CLITestSupport.run(["verify", cut, whole, "--update", "--junit", report], inspector: inspector)

        #expect(result.code == 66, "\(result)")
        let message = "the file was cut short while being read; run the command again"
        #expect(result.out.contains("ERROR \(cut): \(message)\n"), "\(result)")
        #expect(result.out.contains("PASS  \(whole)"), "\(result)")
        #expect(result.out.contains("1 passed, 0 failed, 1 error"), "\(result)")
        #expect(result.err.contains("Error: \(cut): \(message)"), "\(result)")
        let xml = try XMLDocument(xmlString: String(contentsOfFile: report, encoding: .utf8))
        #expect(try xml.nodes(forXPath: "//testcase/error").count == 1)
        #expect(try xml.nodes(forXPath: "//testcase/skipped").isEmpty)
        // Nothing of what was read past the cut is written back by --update.
        #expect(try Data(contentsOf: URL(fileURLWithPath: cut)).count == 8192)
    }
}
