import Testing

@testable import ReduxInspect

/// A key written in another Unicode normal form is the same member (as Swift compares
/// strings), but a JSON Patch names members byte for byte (RFC 6901): its paths must spell a
/// key as the document the patch applies to does.
@Suite struct DiffNormalFormTests {
    typealias Support = CLITestSupport

    static let decomposed = "cafe\u{301}"  // e and a combining accent
    static let composed = "caf\u{E9}"  // é

    /// The pointer's key, in Unicode scalars (`==` on strings would not tell the two apart).
    static func scalars(_ pointer: String) -> [UInt32] {
        pointer.unicodeScalars.map(\.value)
    }

    @Test func aPatchNamesAMemberAsTheStateBeforeSpellsIt() {
        let old: JSONValue = ["t": .object(JSONObject([(Self.decomposed, 1)]))]
        let new: JSONValue = ["t": .object(JSONObject([(Self.composed, 2)]))]
        let expected = Self.scalars("/t/" + Self.decomposed)
        let whole = JSONDiff.changes(from: old, to: new)
        #expect(whole.map { Self.scalars($0.pointer.description) } == [expected])
        // Under a path typed in the other form too.
        for typed in [Self.composed, Self.decomposed] {
            let under = JSONDiff.changes(from: old, to: new, under: JSONPath([.key("t"), .key(typed)]))
            #expect(under.map { Self.scalars($0.pointer.description) } == [expected], "typed \(typed.unicodeScalars.count) scalars")
        }
        // A member the state before does not have is added as the state after spells it.
        let added = JSONDiff.changes(
            from: ["t": [:]], to: new, under: JSONPath([.key("t"), .key(Self.decomposed)]))
        #expect(added.map { Self.scalars($0.pointer.description) } == [Self.scalars("/t/" + Self.composed)])
    }

    /// Through `diff`, from the recorded bytes (both states recorded) and with `--path`.
    @Test func diffPrintsPatchesThatApplyByteForByte() throws {
        let directory = try CLITemporaryDirectory()
        let file = try directory.file(
            "forms.jsonl",
            lines: [
                #"{"format":"redux-inspect","version":1,"initialState":{"t":{}}}"#,
                #"{"seq":1,"type":"count","action":{"count":{}},"state":{"t":{"\#(Self.decomposed)":1}}}"#,
                #"{"seq":2,"type":"count","action":{"count":{}},"state":{"t":{"\#(Self.composed)":2}}}"#,
            ])
        let expected = Self.scalars("/t/" + Self.decomposed)
        for arguments in [["diff", file, "2"], ["diff", file, "2", "--path", "t[\"\(Self.composed)\"]"]] {
            let result = Support.run(arguments + ["--format", "json-patch"])
            #expect(result.code == 0)
            let patch = try Support.json(result.out)
            let paths = patch.arrayValue?.compactMap { $0["path"]?.stringValue } ?? []
            #expect(paths.map(Self.scalars) == [expected], "\(arguments)")
        }
    }
}
