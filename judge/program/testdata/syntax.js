function main( {
  console.log("unbalanced");
}
