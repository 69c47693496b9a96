/// One path whose value differs between two encoded states, for the console logger.
struct EncodedChange: Equatable {
    /// `+` added, `-` removed, `~` changed.
    let marker: Character
    /// The path, `cart.items[0].quantity` style.
    let path: String
    let old: EncodedValue?
    let new: EncodedValue?
    /// Whether a key on the path is redacted: the values are then as secret as the value
    /// under that key.
    var isRedacted = false
}

extension EncodedValue {
    /// The paths that differ from `self` to `other`, objects by key and arrays by position.
    ///
    /// A deliberately small diff: the inspector has the full structural one.
    ///
    /// - Parameter redacts: Whether the value under a key is redacted, decided on each key as
    ///   the recorder decides it, not on the printed path, where a key with a dot in it
    ///   (`session.secret`) would read as two.
    func changes(to other: EncodedValue, redacts: (String) -> Bool) -> [EncodedChange] {
        var result: [EncodedChange] = []
        changes(to: other, path: "", redacted: false, redacts: redacts, into: &result)
        return result
    }

    private func changes(
        to other: EncodedValue, path: String, redacted: Bool, redacts: (String) -> Bool,
        into result: inout [EncodedChange]
    ) {
        guard self != other else { return }
        switch (self, other) {
        case (.object(let old), .object(let new)):
            for (key, newValue) in new {
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                let hidden = redacted || redacts(key)
                if let oldValue = old.first(where: { $0.key == key })?.value {
                    oldValue.changes(to: newValue, path: childPath, redacted: hidden, redacts: redacts, into: &result)
                } else {
                    result.append(EncodedChange(marker: "+", path: childPath, old: nil, new: newValue, isRedacted: hidden))
                }
            }
            for (key, oldValue) in old where !new.contains(where: { $0.key == key }) {
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                result.append(
                    EncodedChange(
                        marker: "-", path: childPath, old: oldValue, new: nil, isRedacted: redacted || redacts(key)))
            }
        case (.array(let old), .array(let new)):
            for index in 0..<max(old.count, new.count) {
                let childPath = "\(path)[\(index)]"
                switch (index < old.count ? old[index] : nil, index < new.count ? new[index] : nil) {
                case (let oldValue?, let newValue?):
                    oldValue.changes(to: newValue, path: childPath, redacted: redacted, redacts: redacts, into: &result)
                case (nil, let newValue?):
                    result.append(EncodedChange(marker: "+", path: childPath, old: nil, new: newValue, isRedacted: redacted))
                case (let oldValue?, nil):
                    result.append(EncodedChange(marker: "-", path: childPath, old: oldValue, new: nil, isRedacted: redacted))
                case (nil, nil): break
                }
            }
        default:
            result.append(
                EncodedChange(marker: "~", path: path.isEmpty ? "(root)" : path, old: self, new: other, isRedacted: redacted))
        }
    }
}
