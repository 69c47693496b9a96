/// A place where a recording holds the recorder's `"<redacted>"` placeholder and the app's
/// decoder reads something else: what a replay computes with there.
public struct StandIn: Sendable, Hashable {
    /// Where, in the action or state that holds it.
    public let path: JSONPath
    /// What the app's decoder read there, encoded again: `0`, `false`, `""` (an empty `Data`),
    /// `"00000000-0000-0000-0000-000000000000"` (a `UUID`).
    public let value: JSONValue

    /// What the decoder read at `standIns`, as messages say it after "can only read as":
    /// `0 or false` where every one is a number or a Boolean, as redacted values mostly are;
    /// else the values themselves, with `0, false` first where some are numbers or Booleans
    /// (`0, false or an empty Data ("")`), the first three and `…`.
    static func readings(_ standIns: some Sequence<StandIn>) -> String {
        var scalars = false
        var others: [String] = []
        for standIn in standIns {
            switch standIn.value {
            case .number, .bool: scalars = true
            default:
                // An empty string is what an empty `Data` encodes to (a `String` reads the
                // placeholder as itself).
                let text = standIn.value == .string("") ? #"an empty Data ("")"# : standIn.value.compactText
                if !others.contains(text) { others.append(text) }
            }
        }
        guard !others.isEmpty else { return "0 or false" }
        let listed = (scalars ? ["0", "false"] : []) + others.prefix(3)
        if others.count > 3 { return listed.joined(separator: ", ") + ", …" }
        guard listed.count > 1 else { return listed[0] }
        return listed.dropLast().joined(separator: ", ") + " or " + listed.last!
    }
}
