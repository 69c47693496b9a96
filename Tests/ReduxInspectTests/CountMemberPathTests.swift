import Foundation
import Testing

/// A path a command prints reads back as the same place: a last key `count` is written
/// `["count"]`, since `.count` there reads as the size where the object has no such member.
/// Before, `diff` printed `+ d.count: 7`, and `blame d.count` then mixed the object's size
/// (1, 2) with the member (7) in one list.
@Suite struct CountMemberPathTests {
    typealias CLI = CLITestSupport

    /// An object that gains members, the last one named `count`, recorded after every step.
    private func recording(in directory: CLITemporaryDirectory) throws -> String {
        try directory.file(
            "count-member.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"initialState":{"d":{}}}"#,
                #"{"seq":1,"type":"x","action":{"x":{}},"state":{"d":{"a":1}}}"#,
                #"{"seq":2,"type":"x","action":{"x":{}},"state":{"d":{"a":1,"b":2}}}"#,
                #"{"seq":3,"type":"x","action":{"x":{}},"state":{"d":{"a":1,"b":2,"count":7}}}"#,
            ])
    }

    @Test func diffWritesALastCountKeyQuotedInEveryFormatAndBlameReadsItBack() throws {
        let directory = try CLITemporaryDirectory()
        let file = try recording(in: directory)
        // The lines' bytes are diffed as they are, and a step under --path from trees.
        #expect(CLI.run(["diff", file, "3"]).out == "@@ seq 3 x @@\n+ d[\"count\"]: 7\n")
        #expect(CLI.run(["diff", file, "3", "--path", "d"]).out == "@@ seq 3 x @@\n+ d[\"count\"]: 7\n")
        #expect(CLI.run(["diff", file, "3", "--format", "json"]).out.contains(#""path":"d[\"count\"]""#))
        let blame = CLI.run(["blame", file, #"d["count"]"#])
        #expect(blame.out == "    3  x  (absent) → 7\n", "\(blame)")
        // The size is still written .count.
        let size = CLI.run(["blame", file, "d.count", "--format", "json"])
        #expect(size.out.hasPrefix(#"{"seq":1,"type":"x","path":"d.count","kind":"changed","old":0,"new":1}"#), "\(size)")
    }

    /// Only a last key after another: inside a path, and first, `count` reads as the member.
    @Test func aCountKeyInsideAPathOrFirstStaysBare() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "inner.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"initialState":{"x":{"count":{"n":1}},"count":1}}"#,
                #"{"seq":1,"type":"x","action":{"x":{}},"state":{"x":{"count":{"n":2}},"count":2}}"#,
            ])
        #expect(CLI.run(["diff", file]).out == "@@ seq 1 x @@\n~ x.count.n: 1 → 2\n~ count: 1 → 2\n")
    }
}
