/// The `help inspector` topic: how an app builds an inspector with its own reducer.
enum InspectorGuide {
    /// The topic's text, for the inspector named `program` that knows `reducers` (their names).
    static func text(program: String, reducers: [String]) -> String {
        let known =
            switch reducers.count {
            case 0: "\(program) knows no reducer."
            case 1: "\(program) knows one reducer, \(reducers[0])."
            default: "\(program) knows the reducers \(reducers.joined(separator: ", "))."
            }
        return """
            OVERVIEW: Build an inspector that replays your app's recordings.

            \(known)

            Commands that replay need the reducer of the app that recorded: replay and verify
            always; step, diff, show, blame and bisect on steps without a recorded state. To
            replay your app's recordings, add an executable target to your package:

              // Package.swift
              dependencies: [
                  // A clone of redux-inspect; keep its folder named redux-inspect.
                  .package(path: "../redux-inspect"),
              ],
              targets: [
                  .target(name: "MyAppCore", dependencies: [.product(name: "Redux", package: "redux-inspect")]),
                  .executableTarget(
                      name: "my-inspector",
                      dependencies: ["MyAppCore", .product(name: "ReduxInspect", package: "redux-inspect")]
                  ),
              ]

              // Sources/my-inspector/main.swift
              import Foundation
              import MyAppCore
              import ReduxInspect

              exit(Inspector.run(reducer: appReducer, initialState: AppState(), name: "myapp"))

            State must be Codable & Equatable & Sendable and Action Codable & Sendable. Record
            with Recorder.Options(reducer: "myapp") so recordings name the reducer, then run
            `swift run my-inspector replay session.jsonl`. For several reducers, one per kind of
            recording:

              exit(Inspector.run(reducers: [
                  InspectableReducer(name: "myapp", reducer: appReducer, initialState: AppState()),
                  InspectableReducer(name: "settings", reducer: settingsReducer, initialState: SettingsState()),
              ]))

            Recordings outlive the types that wrote them. A property added to State later is
            missing from the recordings made before it ("missing key"), even when it has a
            default value: make it optional, or decode it with a default in your own
            init(from:) (try container.decodeIfPresent(Int.self, forKey: .count) ?? 0), and
            `verify --update` then writes the default into them (an optional left nil is not
            written). An action case renamed later is read from older recordings when
            Action's init(from:) also accepts the old name. An action must decode as the value
            it was: one that does not (a String?? holding .some(nil) is written as null and
            read as nil) replays as another, and verify finds the states differ there.

            """
    }
}
