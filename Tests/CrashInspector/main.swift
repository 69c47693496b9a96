// redux-crash-inspector: an inspector whose reducer traps, as an app's reducer with a bug
// does, for the tests of what the command line says when the app's code crashes in a replay.
//
// Its reducer `tally` adds `add`'s amount; `trap` reads past the end of an array.
import Foundation
import Redux
import ReduxInspect

enum Action: Codable, Sendable {
    case add(Int)
    case trap
}

let tally = Reducer<Int, Action> { state, action in
    switch action {
    case .add(let amount): state += amount
    case .trap:
        let empty: [Int] = []
        state += empty[state]
    }
}

exit(Inspector.run(reducer: tally, initialState: 0, name: "tally"))
