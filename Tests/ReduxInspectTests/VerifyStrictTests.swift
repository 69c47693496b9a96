import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Goldens that lost their tail in CI (a partial copy, a bad merge): `--strict` fails one cut
/// inside its last line, and the JUnit report says of one that compared nothing what the text
/// report says. Before, both passed with nothing in the report.
@Suite struct VerifyStrictTests {
    typealias CLI = CLITestSupport

    @Test func strictMakesATruncatedLastLineAnError() throws {
        let directory = try CLITemporaryDirectory()
        let shop = try String(contentsOfFile: CLI.fixture("shop.jsonl"), encoding: .utf8)
        let cut = try directory.file("cut.jsonl", String(shop.utf8.prefix(5000))!)
        let lenient = CLI.run(["verify", cut])
        #expect(lenient.code == 0, "\(lenient)")
        #expect(lenient.err.contains("truncated last line ignored"), "\(lenient)")
        let strict = CLI.run(["verify", cut, "--strict"])
        #expect(strict.code == 65, "\(strict)")
        #expect(strict.out.hasPrefix("ERROR \(cut):6:724: unterminated string (seq 5)\n"), "\(strict)")
    }

    @Test func theJUnitReportHasTheNoteOfARecordingThatComparedNothing() throws {
        let directory = try CLITemporaryDirectory()
        let todos = try String(contentsOfFile: CLI.fixture("todos.jsonl"), encoding: .utf8)
        let head = try directory.file("head.jsonl", todos.split(separator: "\n").prefix(3).joined(separator: "\n") + "\n")
        let report = directory.path("report.xml")
        let run = CLI.run(["verify", head, "--junit", report])
        #expect(run.code == 0 && run.out.contains("  note: no state was compared"), "\(run)")
        let xml = try XMLDocument(xmlString: String(contentsOfFile: report, encoding: .utf8))
        let said = try xml.nodes(forXPath: "//testcase/system-err").map { $0.stringValue ?? "" }
        #expect(said.count == 1 && said[0].hasPrefix("note: no state was compared"), "\(said)")
    }
}
