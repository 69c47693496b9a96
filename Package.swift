// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "redux-inspect",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10)],
    products: [
        .library(name: "Redux", targets: ["Redux"]),
        .library(name: "ReduxInspect", targets: ["ReduxInspect"]),
        .library(name: "ReduxExamples", targets: ["ReduxExamples"]),
        .executable(name: "redux-inspect", targets: ["redux-inspect"]),
        .executable(name: "redux-bench", targets: ["redux-bench"]),
    ],
    targets: [
        // Core library: what an app links. Never imports ReduxInspect.
        .target(name: "Redux"),

        // Inspector engine and CLI, linked only into inspector executables.
        .target(name: "ReduxInspect", dependencies: ["Redux"]),

        // Example apps used by the stock CLI, the fixtures, tests and docs.
        .target(name: "ReduxExamples", dependencies: ["Redux"]),

        // The stock inspector's reducer registry, shared by the binary and the tests.
        .target(name: "ExampleInspector", dependencies: ["ReduxInspect", "ReduxExamples"]),

        // Tools.
        .executableTarget(name: "redux-inspect", dependencies: ["ExampleInspector", "ReduxInspect"]),
        .executableTarget(name: "redux-bench", dependencies: ["Redux", "ReduxInspect", "ReduxExamples"]),

        // Tests. The soak tool records until it is killed, for the crash-safety test.
        .executableTarget(name: "redux-record-soak", dependencies: ["Redux"], path: "Tests/RecordSoak"),
        // An inspector whose reducer traps, for what the command line says of a crash in the app.
        .executableTarget(name: "redux-crash-inspector", dependencies: ["Redux", "ReduxInspect"], path: "Tests/CrashInspector"),
        .testTarget(name: "ReduxTests", dependencies: ["Redux"]),
        .testTarget(name: "ReduxExamplesTests", dependencies: ["Redux", "ReduxExamples"]),
        .testTarget(name: "ReduxInspectTests", dependencies: ["ReduxInspect", "Redux", "ReduxExamples", "ExampleInspector"]),
    ],
    swiftLanguageModes: [.v6]
)
