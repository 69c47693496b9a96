extension Shop {
    /// What can happen in the shop.
    public enum Action: Codable, Equatable, Sendable {
        /// Asks to sign in; the login middleware answers with the actions below.
        case loginRequest(username: String, password: String)
        case setLoading(Bool)
        case loginSuccess(User)
        case loginFailed(error: String)
        /// Signs out and empties the cart.
        case logout
        /// Adds a product, or more of it when it is already in the cart.
        case addToCart(productID: Int, quantity: Int)
        /// Sets a cart line's quantity; 0 removes the line.
        case setQuantity(itemID: Int, quantity: Int)
        case removeFromCart(itemID: Int)
        /// Changes how many of a product a package holds before it is added.
        case setPackageQuantity(packageID: Int, itemID: Int, quantity: Int)
        /// Adds every line of a package with a quantity above zero to the cart.
        case addPackageToCart(packageID: Int)
        case dismissError
    }
}
