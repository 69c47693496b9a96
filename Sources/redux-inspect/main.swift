import ExampleInspector
import Foundation
import ReduxInspect

exit(Inspector.examples.run(Array(CommandLine.arguments.dropFirst()), context: .standard()))
