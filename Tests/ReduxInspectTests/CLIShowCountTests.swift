import Foundation
import Testing

@testable import ReduxInspect

/// `show --path` reads a last `.count` as a predicate does: the size of an array, an object
/// or a string, unless the object has a member named `count`, which `["count"]` always names.
@Suite struct CLIShowCountTests {
    typealias Support = CLITestSupport

    /// A recording with no reducer and no steps, whose initial state is `state`.
    static func recording(_ state: String, in directory: CLITemporaryDirectory) throws -> String {
        try directory.file(
            "count.jsonl",
            lines: [#"{"format":"redux-inspect","version":1,"reducer":"none","initialState":\#(state)}"#])
    }

    /// A path, and what `show --path` prints for it: its output, or `nil` when it is not present.
    struct CountCase: CustomTestStringConvertible, Sendable {
        let path: String
        let output: String?
        var testDescription: String { path }
    }

    @Test(arguments: [
        CountCase(path: "list.count", output: "3"),
        CountCase(path: "stats.count", output: "41"),  // its own member
        CountCase(path: #"stats["count"]"#, output: "41"),
        CountCase(path: "plain.count", output: "2"),  // members
        CountCase(path: "name.count", output: "5"),  // characters, not bytes
        CountCase(path: "count", output: "7"),  // a key at the top
        CountCase(path: "list[0].count", output: nil),  // a number has no size
        CountCase(path: "flag.count", output: nil),
        CountCase(path: #"list["count"]"#, output: nil),  // the member, which an array has not
        CountCase(path: "nosuch.count", output: nil),
    ])
    func lastCountIsASizeUnlessAMemberHasThatName(_ testCase: CountCase) throws {
        let directory = try CLITemporaryDirectory()
        let file = try Self.recording(
            #"{"count":7,"list":[1,2,3],"stats":{"count":41,"x":1},"plain":{"a":1,"b":[]},"name":"héllo","flag":true}"#,
            in: directory)
        let result = Support.run(["show", file, "--at", "0", "--path", testCase.path])
        if let output = testCase.output {
            #expect(result.code == 0 && result.out == output + "\n" && result.err == "", "\(result)")
        } else {
            #expect(result.code == 1 && result.out == "", "\(result)")
            #expect(
                result.err
                    == "\(testCase.path): not present in the state after seq 0\n")
        }
        // The same state recorded at a step, whose path is read from the line's text.
        let recorded = try directory.file(
            "recorded.jsonl",
            lines: [
                #"{"seq":1,"action":{"a":{}},"state":{"count":7,"list":[1,2,3],"stats":{"count":41,"x":1},"plain":{"a":1,"b":[]},"name":"héllo","flag":true}}"#
            ])
        let atStep = Support.run(["show", recorded, "--at", "1", "--path", testCase.path])
        #expect(atStep.code == result.code && atStep.out == result.out, "\(atStep)")
        #expect(atStep.err == result.err.replacingOccurrences(of: "seq 0", with: "seq 1"), "\(atStep)")
    }

    /// At every step of the shop session, `show` prints the size a predicate compares.
    @Test func agreesWithPredicates() throws {
        let shop = Support.fixture("shop.jsonl")
        #expect(Support.run(["show", shop, "--at", "5", "--path", "cart.items.count"]).out == "2\n")
        for seq in 0...27 {
            let state = try Support.shownState(shop, at: seq)
            for path in [
                "cart.items.count", "cart.count", "user.displayName.count", "cart.items[id=1].name.count",
            ] {
                let result = Support.run(["show", shop, "--at", String(seq), "--path", path])
                guard case .comparison(let operand, _, _) = try Predicate(parsing: "\(path) == 0") else {
                    Issue.record("\(path) is not a comparison")
                    continue
                }
                let value = operand.value(in: state)
                #expect(result.code == (value == nil ? 1 : 0), "seq \(seq) \(path)")
                #expect(result.out == (value.map { $0.prettyText() + "\n" } ?? ""), "seq \(seq) \(path)")
            }
        }
    }
}
