import Testing

/// `--at last` for `show` and `step`: the last state, without looking its seq up first.
@Suite struct AtLastTests {
    typealias CLI = CLITestSupport

    @Test func showAndStepTakeLast() {
        let shop = CLI.fixture("shop.jsonl")
        #expect(CLI.run(["show", shop, "--at", "last", "--path", "cart.total"]).out == CLI.run(["show", shop, "--at", "27", "--path", "cart.total"]).out)
        #expect(CLI.run(["step", shop, "--at", "last"], input: "p cart.total\nback\n").out.hasPrefix("60.99\nseq 26/27"))
        let typo = CLI.run(["show", shop, "--at", "lst"])
        #expect(typo.code == 64 && typo.err.hasPrefix("Error: invalid value 'lst' for '--at': expected a seq number or 'last'\n"))
        // Elsewhere a seq is a number.
        #expect(CLI.run(["replay", shop, "--to", "last"]).code == 64)
    }
}
