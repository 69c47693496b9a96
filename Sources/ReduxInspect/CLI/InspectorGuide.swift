/// The `help inspector` topic: how an app builds an inspector with its own reducer.
enum InspectorGuide {
    static func text(program: String) -> String {
        """
        OVERVIEW: Build an inspector that replays your app's recordings.

        The stock \(program) knows only the example reducers (counter, shop, todos). Commands
        that replay (replay, verify, and step/diff/show on steps without a recorded state)
        need your reducer. Add an executable target to your package:

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

        """
    }
}
