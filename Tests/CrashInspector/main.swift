// redux-crash-inspector: an inspector whose reducer traps, as an app's reducer with a bug
// does, for the tests of what the command line says when the app's code crashes in a replay.
//
// Its reducer `tally` adds `add`'s amount; `trap` reads past the end of an array; decoding
// `fragile` with a negative amount traps in the action's own `init(from:)`.
import Foundation
import Redux
import ReduxInspect

enum Action: Codable, Sendable {
    case add(Int)
    case trap
    case fragile(Fragile)
}

/// An amount whose decoding traps when it is negative, as an app's `init(from:)` with a
/// `precondition` does.
struct Fragile: Codable, Sendable {
    var amount: Int

    init(from decoder: any Decoder) throws {
        amount = try decoder.singleValueContainer().decode(Int.self)
        precondition(amount >= 0, "a negative amount")
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(amount)
    }
}

let tally = Reducer<Int, Action> { state, action in
    switch action {
    case .add(let amount): state += amount
    case .trap:
        let empty: [Int] = []
        state += empty[state]
    case .fragile(let fragile): state += fragile.amount
    }
}

exit(Inspector.run(reducer: tally, initialState: 0, name: "tally"))
