/// One path whose value differs between two encoded states, for the console logger.
struct EncodedChange: Equatable {
    /// `+` added, `-` removed, `~` changed.
    let marker: Character
    /// The path, `cart.items[0].quantity` style.
    let path: String
    let old: EncodedValue?
    let new: EncodedValue?
}

extension EncodedValue {
    /// The paths that differ from `self` to `other`, objects by key and arrays by position.
    ///
    /// A deliberately small diff: the inspector has the full structural one.
    func changes(to other: EncodedValue, path: String = "") -> [EncodedChange] {
        guard self != other else { return [] }
        switch (self, other) {
        case (.object(let old), .object(let new)):
            var result: [EncodedChange] = []
            for (key, newValue) in new {
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                if let oldValue = old.first(where: { $0.key == key })?.value {
                    result += oldValue.changes(to: newValue, path: childPath)
                } else {
                    result.append(EncodedChange(marker: "+", path: childPath, old: nil, new: newValue))
                }
            }
            for (key, oldValue) in old where !new.contains(where: { $0.key == key }) {
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                result.append(EncodedChange(marker: "-", path: childPath, old: oldValue, new: nil))
            }
            return result
        case (.array(let old), .array(let new)):
            var result: [EncodedChange] = []
            for index in 0..<max(old.count, new.count) {
                let childPath = "\(path)[\(index)]"
                switch (index < old.count ? old[index] : nil, index < new.count ? new[index] : nil) {
                case (let oldValue?, let newValue?): result += oldValue.changes(to: newValue, path: childPath)
                case (nil, let newValue?): result.append(EncodedChange(marker: "+", path: childPath, old: nil, new: newValue))
                case (let oldValue?, nil): result.append(EncodedChange(marker: "-", path: childPath, old: oldValue, new: nil))
                case (nil, nil): break
                }
            }
            return result
        default:
            return [EncodedChange(marker: "~", path: path.isEmpty ? "(root)" : path, old: self, new: other)]
        }
    }
}
