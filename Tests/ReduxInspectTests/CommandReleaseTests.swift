import Foundation
import Testing

@testable import ReduxInspect

/// A command run in process lets go of its recording when it is done: `diff` and `blame`
/// kept theirs (a closure of the session held the session), so that a long-lived process
/// running commands (a test run, an app's own tool) filled the table of guarded mappings,
/// after which a file cut short while read ended it with a bus error.
@Suite struct CommandReleaseTests {
    @Test(arguments: [["diff"], ["blame", "cart.total"], ["bisect", "--until", "cart.total > 50"], ["show", "--at", "5"]])
    func aCommandLetsGoOfItsRecording(command: [String]) {
        let file = CLITestSupport.fixture("shop.jsonl")
        // More runs than the table holds: kept, they would fill it whatever else runs.
        for _ in 0..<70 { _ = CLITestSupport.run([command[0], file] + command.dropFirst()) }
        // Other tests running at once hold a few (fewer than 20 in a whole run).
        #expect(MappedFileGuard.guardedCount < 50, "\(command)")
    }
}
