import Testing

@testable import ReduxInspect

/// `diff` on values too long for a line: what changed stays in view.
@Suite struct CLIDiffLongValueTests {
    typealias Support = CLITestSupport

    /// A long note with one letter changed at its end, recorded with states (the text made from
    /// the bytes) and, respelled with an escape, through the formatter: both cut around the
    /// change, and `--full` shows the whole values.
    @Test func aLongStringChangedNearItsEndIsCutAroundTheChange() throws {
        let note = String(repeating: "lorem ipsum ", count: 12)
        let directory = try CLITemporaryDirectory()
        var lines: [String] = []
        for (name, after) in [("plain", "\(note)dolar"), ("escaped", "\(note)dol\\u0061r")] {
            let file = try directory.file(
                "\(name).jsonl",
                lines: [
                    #"{"format":"redux-inspect","version":1,"initialState":{"note":"\#(note)dolor"}}"#,
                    #"{"seq":1,"type":"edit","action":{"edit":{}},"state":{"note":"\#(after)"}}"#,
                ])
            let result = Support.run(["diff", file])
            #expect(result.code == 0)
            lines.append(result.outLines.last ?? "")
            let full = Support.run(["diff", file, "--full"])
            #expect(full.outLines.last == "~ note: \"\(note)dolor\" → \"\(note)dolar\"", "\(name)")
        }
        // A quarter of the width (20 characters) before the first difference, on both sides.
        #expect(lines == Array(repeating: "~ note: …psum lorem ipsum dolor\" → …psum lorem ipsum dolar\"", count: 2))
    }
}
