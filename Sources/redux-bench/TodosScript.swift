import Foundation
import Redux
import ReduxExamples

/// A to-do session whose state grows large: `items` to-dos are added to the inbox, then done
/// and undone at random, so that every later step changes one item of a long list. The same
/// seed gives the same actions on every machine.
///
/// What it measures is how a command's cost per step grows with the size of the state, where
/// the recording holds no state and each one must be replayed.
struct TodosScript: Sequence {
    /// To-dos added first.
    let items: Int
    /// Steps in all: the additions, then toggles.
    let steps: Int
    let seed: UInt64

    init(items: Int, steps: Int, seed: UInt64 = 0x70D0) {
        precondition(steps >= items, "the additions are steps too")
        self.items = items
        self.steps = steps
        self.seed = seed
    }

    func makeIterator() -> Iterator {
        Iterator(script: self, random: SplitMix64(seed: seed))
    }

    struct Iterator: IteratorProtocol {
        let script: TodosScript
        var random: SplitMix64
        var done = 0

        mutating func next() -> Todos.Action? {
            guard done < script.steps else { return nil }
            defer { done += 1 }
            if done < script.items { return .addItem(title: "To-do number \(done + 1), with a few words") }
            // Items get ids 2, 3, … (the inbox category is 1).
            return .toggleDone(id: Int.random(in: 2...(script.items + 1), using: &random))
        }
    }

    /// Runs the session through a real store with a ``Recorder`` that writes no state but the
    /// final one, as an app recording with `.never` would.
    ///
    /// - Parameter path: The file to write (replaced if it exists).
    /// - Throws: ``BenchError`` when the recorder cannot open or write the file.
    func record(to path: String) throws {
        let errors = ErrorLog()
        let recorder = try Recorder<Todos.State, Todos.Action>(
            path: path, ifExists: .replace,
            options: .init(
                reducer: "todos", app: "redux-bench todos session", statePolicy: .never,
                clock: .stepping(from: Date(timeIntervalSince1970: 1_795_341_600), by: 0.25),
                onError: { errors.append("\($0)") }))
        let store = Store(initialState: Todos.State(), reducer: Todos.reducer, middleware: [recorder.middleware])
        for action in self { store.dispatch(action) }
        recorder.close()
        if let first = errors.first { throw BenchError("recording \(path) failed: \(first)") }
    }
}
