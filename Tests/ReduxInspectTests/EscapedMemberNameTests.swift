import Foundation
import Testing

@testable import ReduxInspect

/// A member name written with escapes (`"st\u0061te"`) is the same name to JSON, and every
/// command reads it as the parser does: the index, `show`, `diff` and `verify --update` once
/// skipped it while `replay` and `verify` took it, so `verify --update` said it had rewritten
/// a state it had left as it was.
@Suite struct EscapedMemberNameTests {
    typealias Support = CLITestSupport

    static let header = #"{"format":"redux-inspect","version":1,"reducer":"counter","initialState":{"count":0}}"#

    @Test func everyCommandReadsARecordersMemberWrittenWithEscapes() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "escaped.jsonl",
            lines: [
                Self.header,
                #"{"s\u0065q":1,"typ\u0065":"increment","\u0061ction":{"increment":{}},"st\u0061te":{"count":1}}"#,
                #"{"seq":2,"type":"incrementBy","action":{"incrementBy":{"n":10}},"st\u0061te":{"count":50}}"#,
                #"{"g\u0061p":{"after":2,"dropped":1,"reason":"x"}}"#,
                #"{"seq":4,"type":"increment","action":{"increment":{}}}"#,
            ])
        // The recorded state of seq 2, not the replayed one (11).
        #expect(Support.run(["show", file, "--at", "2", "--path", "count"]).out == "50\n")
        #expect(Support.run(["diff", file, "2"]).outLines.last == "~ count: 1 → 50")
        let log = Support.run(["log", file])
        #expect(log.outLines.map { $0.split(separator: " ").first.map(String.init) ?? "" } == ["1", "2", "!", "4"], "\(log)")
        #expect(Support.run(["verify", file]).code == 1)

        let update = Support.run(["verify", file, "--update"])
        #expect(update.code == 0, "\(update)")
        let rewritten = try String(contentsOfFile: file, encoding: .utf8)
        #expect(rewritten.contains(#""st\u0061te":{"count":11}"#), "\(rewritten)")
        #expect(Support.run(["verify", file]).code == 0)
    }

    @Test func anEndMarkerWrittenWithEscapesIsCompared() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "end.jsonl",
            lines: [
                Self.header,
                #"{"seq":1,"type":"increment","action":{"increment":{}}}"#,
                #"{"\u0065nd":{"seq":1,"st\u0061te":{"count":7}}}"#,
            ])
        let verify = Support.run(["verify", file])
        #expect(verify.code == 1, "the final state is compared: \(verify)")
        #expect(Support.run(["verify", file, "--update"]).code == 0)
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains(#""st\u0061te":{"count":1}"#))
    }
}
