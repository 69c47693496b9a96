import Foundation
import Testing

@testable import ReduxInspect

/// The name meant by a typo, for "did you mean …?" in the messages of every command.
@Suite struct SuggestionTests {
    typealias CLI = CLITestSupport

    @Test(arguments: [
        ("dif", ["diff", "replay", "show"], "diff"),
        ("nxt", ["next", "back", "goto"], "next"),
        ("bakc", ["next", "back", "goto"], "back"),  // two letters swapped: one edit
        ("--pth", ["--path", "--format", "--full"], "--path"),
        ("Diff", ["diff"], "diff"),  // case does not count
        ("frobnicate", ["diff", "replay", "show"], nil),
        ("ab", ["ad", "ac"], nil),  // a tie names neither
        ("log", ["log"], nil),  // the name itself is no typo
        ("--pth", ["--at", "--json"], nil),  // three letters: two edits from --at is too far
    ] as [(String, [String], String?)])
    func findsTheNameMeant(typed: String, candidates: [String], expected: String?) {
        #expect(Suggestion.closest(to: typed, among: candidates) == expected)
    }

    @Test func showAndStepNameThePathMeant() {
        let shop = CLI.fixture("shop.jsonl")
        #expect(
            CLI.run(["show", shop, "--at", "5", "--path", "cart.totl"]).err
                == "cart.totl: not present in the state after seq 5 (did you mean cart.total?)\n")
        #expect(
            CLI.run(["show", shop, "--at", "5", "--path", "cart.itms.count"]).err
                == "cart.itms.count: not present in the state after seq 5 (did you mean cart.items.count?)\n")
        #expect(CLI.run(["show", shop, "--at", "5", "--path", "zzz"]).err == "zzz: not present in the state after seq 5\n")
        // A size's name mistyped, under something that has a size; not a number's, nor at the top.
        #expect(
            CLI.run(["show", shop, "--at", "5", "--path", "cart.items.cuont"]).err
                == "cart.items.cuont: not present in the state after seq 5 (did you mean cart.items.count?)\n")
        #expect(
            CLI.run(["show", shop, "--at", "5", "--path", "cart.total.cuont"]).err
                == "cart.total.cuont: not present in the state after seq 5\n")
        #expect(CLI.run(["show", shop, "--at", "5", "--path", "cuont"]).err == "cuont: not present in the state after seq 5\n")
        let step = CLI.run(["step", shop], input: "nxt\np cart.totl\n")
        #expect(
            step.err
                == "error: line 1: unknown command 'nxt' (did you mean 'next'?): type 'help' for the list of commands\n"
                + "error: line 2: cart.totl: not present in the state after seq 0 (did you mean cart.total?)\n")
        #expect(
            CLI.run(["diff", shop, "--pth", "cart"]).err.hasPrefix("Error: unknown option '--pth' (did you mean '--path'?)\n"))
        // A breakpoint's and bisect's paths too.
        #expect(
            CLI.run(["step", shop, "--at", "5"], input: "break cart.totl > 5\n").out
                == "breakpoint 1: cart.totl > 5 (does not hold now)\ncart.totl is not in the state here (did you mean cart.total?)\n")
        #expect(
            CLI.run(["bisect", shop, "--until", "cart.totl > 5"]).out.hasSuffix(
                "hint: no state has cart.totl (did you mean cart.total?)\n"))
    }
}
